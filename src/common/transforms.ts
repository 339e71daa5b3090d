import { Transform } from 'class-transformer';

/** Form bodies and query strings send "" for a field left blank: it counts as absent. */
export const EmptyAsAbsent = () =>
  Transform(({ value }: { value: unknown }) =>
    value === '' ? undefined : value,
  );

/**
 * Form values arrive as strings ("0", "25"): a string of digits becomes a number,
 * anything else is left as it came so the validator can name it.
 */
export const DigitsAsInteger = () =>
  Transform(({ value }: { value: unknown }) => {
    if (value === '') return undefined;
    if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) {
      return Number(value.trim());
    }
    return value;
  });

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

/** A form sends "true"/"false" (or 1/0, yes/no, on/off); JSON sends a boolean. */
export const FormBoolean = () =>
  Transform(({ value }: { value: unknown }) => {
    if (value === '') return undefined;
    if (typeof value !== 'string') return value;
    const text = value.trim().toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(text)) return true;
    if (['false', '0', 'no', 'off'].includes(text)) return false;
    return value;
  });

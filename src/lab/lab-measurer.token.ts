/**
 * The injection token of the LabMeasurer (lab-result.ts) the service measures pages
 * with. Bound to null where this build has none: `lab: true` then answers 503.
 */
export const LAB_MEASURER = Symbol('LabMeasurer');

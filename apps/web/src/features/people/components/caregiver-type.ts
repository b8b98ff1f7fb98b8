/** Readable labels of the contract's CaregiverType values (spec s.4; values themselves unchanged). */
import { caregiverTypes, type CaregiverType } from '@tend/contracts';

export const caregiverTypeLabels: Record<CaregiverType, string> = {
  DSP_CARE: 'DSP care',
  DOC_CARE_1: 'DOC care 1',
  DOC_CARE_2: 'DOC care 2',
  FELLOWSHIP_PROTECTION: 'Fellowship protection',
  FIFTY_STRAIGHT: 'Fifty straight',
};

/** Select data for the caregiver type, in the contract's order. */
export const caregiverTypeOptions = caregiverTypes.map((value) => ({
  value,
  label: caregiverTypeLabels[value],
}));

export { useFormFields, fieldErrorId, type FieldBinding, type FieldError, type FieldErrors, type FormFields, type FormFieldsOptions } from './useFormFields';
export { useSubmit } from './useSubmit';

export { useFormFields, fieldErrorId, type FieldBinding, type FieldError, type FieldErrors, type FormFields, type FormFieldsOptions } from './useFormFields';
export { FINISHED, useSubmit, type SubmitOptions } from './useSubmit';

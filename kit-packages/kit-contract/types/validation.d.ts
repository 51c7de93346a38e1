export declare const MESSAGES: {
    readonly passwordsDontMatchSignUp: "Please edit the passwords as they don't match.";
    readonly resetEmailInvalid: "Please enter a valid email address.";
    readonly resetPasswordsDontMatch: "Passwords do not match";
    readonly resetPasswordTooShort: "Password must be at least 8 characters long";
    readonly resetLinkInvalid: "Invalid password reset link. Please request a new one.";
    readonly offerEmailInvalid: "Please enter a valid email address";
    readonly avatarNotImage: "Please select an image file (JPEG, PNG, etc.)";
    readonly avatarTooLarge: "Image file is too large. Please select an image under 5MB.";
    readonly incorrectCredentials: "The email or password you entered is incorrect. Please try again or reset your password.";
    readonly defaultLoginError: "Invalid email or password";
    readonly signUpRequired: "This field is required.";
    readonly signUpEmailInvalid: "Please enter a valid email address.";
    readonly signUpPhoneInvalid: "Please enter a valid phone number (digits, with an optional + and spaces).";
    readonly signUpPasswordTooShort: "Password must be at least 8 characters long";
    readonly signUpPasswordNumeric: "The password cannot be only digits.";
};
/** The password rules, shown under the sign-up password before submitting (the server's validators). */
export declare const PASSWORD_RULES_TEXT = "At least 8 characters, not only digits, not a common password and not like your name or email.";
/** Names of the missing required fields, in the order given. */
export declare function missingFields<T extends Record<string, string | undefined | null>>(values: T, required: Array<keyof T>): Array<keyof T>;
export declare function validateLogin(values: {
    email: string;
    password: string;
}): Array<'email' | 'password'>;
export declare const SIGN_UP_FIELDS: readonly ["first_name", "last_name", "email", "phone", "password", "confirm_password"];
export type SignUpValues = Record<(typeof SIGN_UP_FIELDS)[number], string>;
/** Sign-up: all six fields required, then the passwords must match. */
export declare function validateSignUp(values: SignUpValues): {
    missing: string[];
    error: string | null;
};
/** A phone number: digits with an optional leading +, spaces, dots, dashes and brackets; 6 to 15 digits. */
export declare function isValidPhone(phone: string): boolean;
/**
 * Every sign-up field's error at once, in form order (empty when the form may be sent): required
 * fields, the email's and phone's form, the password's length and digits-only rule, and the spec's
 * mismatch message on the confirmation.
 */
export declare function signUpFieldErrors(values: SignUpValues): Partial<Record<(typeof SIGN_UP_FIELDS)[number], string>>;
/** Reset request: non-empty and containing @. */
export declare function validateResetEmail(email: string): string | null;
/** Reset confirm: link parts present, passwords match, at least 8 characters. */
export declare function validateResetConfirm(values: {
    uid?: string;
    token?: string;
    password: string;
    confirm: string;
}): string | null;
/** The reset link's token may carry a trailing slash; it is stripped. */
export declare function normalizeResetToken(token: string | undefined): string;
/**
 * Business-offer email rule: exactly one @, a non-empty local part, a domain containing a dot,
 * and a final label of at least 2 characters. The server applies the same rule.
 */
export declare function isValidOfferEmail(email: string): boolean;
export declare function validateOfferEmail(email: string): string | null;
export declare const COMPOSE_FIELDS: readonly ["style", "audience", "name", "topic", "details"];
export type ComposeValues = Record<(typeof COMPOSE_FIELDS)[number], string>;
/** Generate needs all five fields; returns the missing ones in form order (empty when valid). */
export declare function validateCompose(values: ComposeValues): Array<(typeof COMPOSE_FIELDS)[number]>;
/** Save needs non-empty text. */
export declare function canSaveWish(text: string): boolean;
/** Avatar: an image type, at most 5 MB. Checked before any upload. */
export declare function validateAvatar(file: {
    type: string;
    size: number;
}): string | null;
/** Auto-search runs once the trimmed text has at least 3 characters. */
export declare function shouldAutoSearch(text: string): boolean;

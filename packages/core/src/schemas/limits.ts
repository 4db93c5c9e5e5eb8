// Apart from the schemas that use them: the API client cuts the server's messages to these
// lengths without building any schema.

/** Upper bounds on what a person can type, so no request carries an unbounded string. */
export const TEXT_LIMITS = {
  name: 100,
  email: 254,
  phoneInput: 25,
  address: 200,
  shortText: 200,
  longText: 1_000,
  message: 500,
  token: 4_096,
  url: 2_048,
  id: 64,
  password: 128,
} as const;

/** A new password's length: shown by the password forms before they load any schema. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = TEXT_LIMITS.password;

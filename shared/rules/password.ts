/** Password rules of the spec (min 6) plus an upper bound so hashing cannot be abused. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 256;

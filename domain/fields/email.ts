/**
 * The e-mail rule (spec 1 §4 customer add "E-mail: required, e-mail format, max 80"; spec 2 §5 edit view, represented
 * edit and rights modal "e-mail required, valid, max 80").
 */
import { z } from 'zod/mini';
import { FIELD_MESSAGE } from './messages';

/** spec 1 §9, spec 2 §9 */
export const EMAIL_MAX = 80;

/** A required e-mail address: trimmed, at most 80 characters, name@address. */
export const EmailRule = z.pipe(
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { message: FIELD_MESSAGE.required }),
      z.maxLength(EMAIL_MAX, { message: FIELD_MESSAGE.maxLength }),
    ),
  z.email({ message: FIELD_MESSAGE.email }),
);

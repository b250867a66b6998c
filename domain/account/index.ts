/** Account creation: contracts and form rules of the reset-password and terms-of-use (EULA) flows. */
export * from './schemas';
export * from './forms';

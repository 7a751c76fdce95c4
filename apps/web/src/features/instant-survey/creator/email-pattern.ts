/** Good enough to catch typos; the server has the final word ("Invalid email format."). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

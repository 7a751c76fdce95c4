/** Where "Having trouble?" sends people; set VITE_SUPPORT_EMAIL at build time for a deployment. */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@example.com';

/**
 * Sent by LoginPage once React has committed it: the prerendered /login (main.tsx) hands over
 * what was typed and clicked before then (decision 59).
 */
export const LOGIN_READY_EVENT = 'tantieme:login-ready';

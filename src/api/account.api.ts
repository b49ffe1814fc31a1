// Account, session and profile calls (docs/domain/sign-in.md, "Sign-in calls"). Types come from src/entities/account.ts.
import type { ApiToken, Locale, SettingsGroup, SettingsGroupSlim, SystemNotification, User } from '../entities/account';
import { http, requestEnvelope } from './http';

export interface MessageReply {
  message: string;
}

export interface LoginBody {
  email: string;
  password: string;
  remember?: boolean;
}
export interface RegisterBody {
  first_name: string;
  last_name: string;
  email: string;
  organisation?: string | null;
  password: string;
  password_confirmation: string;
  locale?: Locale;
  terms: true;
}
export interface ProfileBody {
  first_name: string;
  last_name: string;
  email: string;
  organisation?: string | null;
  gender?: User['gender'];
  locale: Locale;
  date_format: User['date_format'];
}
export interface PasswordBody {
  current_password: string;
  password: string;
  password_confirmation: string;
}
export type SystemNotificationBody = Pick<SystemNotification, 'type' | 'publish_at' | 'publish_until'> & {
  id?: number;
  translations: Partial<Record<Locale, { title: string; body: string }>>;
  viewed?: boolean;
};

// ---- session ----
export const csrfCookie = () => http.get<unknown>('sanctum/csrf-cookie');
export const login = (body: LoginBody) => http.post<{ two_factor: boolean }>('login', body);
export const twoFactorChallenge = (body: { code: string } | { recovery_code: string }) =>
  http.post<unknown>('two-factor-challenge', body);
export const unlockTwoFactor = (token: string) => http.post<MessageReply>('two-factor-unlock', { token });
export const register = (body: RegisterBody) => http.post<{ user: User }>('register', body);
export const logout = () => http.post<Partial<MessageReply> | undefined>('logout');
export const fetchUser = (signal?: AbortSignal) => http.get<User>('user', { signal });
export const forgotPassword = (email: string) => http.post<MessageReply>('forgot-password', { email });
export const resetPassword = (body: {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}) => http.post<MessageReply>('reset-password', body);
export const fetchVerifiedStatus = () => http.get<{ verified: boolean }>('email/verified-status');
export const resendVerification = () => http.post<MessageReply>('email/verification-notification');
export const acceptTerms = (version: string) => http.put<MessageReply>('user/terms', { version });

// ---- profile ----
/** Replies `{message, data: user}`: both are kept. */
export async function updateProfile(body: ProfileBody): Promise<{ message?: string; user: User }> {
  const reply = await requestEnvelope<User>('user/profile-information', { method: 'PUT', body });
  return { message: (reply as { message?: string }).message, user: reply.data };
}
export const updatePassword = (body: PasswordBody) => http.put<MessageReply>('user/password', body);
export const confirmPassword = (password: string) => http.post<MessageReply>('user/confirm-password', { password });
export const enableTwoFactor = () => http.post<MessageReply>('user/two-factor-authentication');
export const disableTwoFactor = () => http.delete<MessageReply>('user/two-factor-authentication');
export const fetchTwoFactorQrCode = () => http.get<{ svg: string; url: string }>('user/two-factor-qr-code');
export const fetchTwoFactorSecretKey = () => http.get<{ secretKey: string }>('user/two-factor-secret-key');
export const confirmTwoFactor = (code: string) =>
  http.post<MessageReply>('user/confirmed-two-factor-authentication', { code });
export const fetchRecoveryCodes = () => http.get<string[]>('user/two-factor-recovery-codes');
export const regenerateRecoveryCodes = () => http.post<unknown>('user/two-factor-recovery-codes');
export const fetchApiTokens = () => http.get<ApiToken[]>('user/api-tokens');
export const createApiToken = (name: string) => http.post<{ token: string }>('user/api-tokens', { name });
export const revokeApiToken = (id: number) => http.delete<MessageReply>(`user/api-tokens/${id}`);
export const requestAccountDeletion = () => http.post<MessageReply>('user/delete-request');
export const answerInvitation = (uuid: string, answer: 'accept' | 'refuse') =>
  http.post<MessageReply>(`user/invitations/${encodeURIComponent(uuid)}/${answer}`);

// ---- settings groups ----
export const fetchSettingsGroups = () =>
  http.get<SettingsGroupSlim[]>('settings-groups', { query: { slim: 1, sortBy: 'name' } });
export const fetchSettingsGroup = (uuid: string) =>
  http.get<SettingsGroup>(`settings-groups/${encodeURIComponent(uuid)}`);
export const createSettingsGroup = (name: string) => http.post<SettingsGroup>('settings-groups', { name });

// ---- system notifications ----
export const fetchSystemNotifications = () => http.get<SystemNotification[]>('system-notifications');
export const createSystemNotification = (body: SystemNotificationBody) =>
  http.post<SystemNotification>('system-notifications', body);
export const updateSystemNotification = (id: number, body: SystemNotificationBody) =>
  http.put<SystemNotification>(`system-notifications/${id}`, body);
// The spec writes this path with a trailing slash.
export const deleteSystemNotification = (id: number) => http.delete<unknown>(`system-notifications/${id}/`);
export const confirmSystemNotification = (id: number) =>
  http.post<unknown>(`system-notifications/${id}/confirmations`, undefined, { silent: true });

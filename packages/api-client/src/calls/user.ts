import { http } from '../http/client';
import { md5Hex } from '../md5';
import type { R, RegisterGuestBody, UpdateInfoBody, UserProfile } from '../types';

export const getUserProfile = async (): Promise<UserProfile> =>
  (await http.get<R<UserProfile>>('/api/blade-user/info')).data.data;

export const updateUserInfo = async (body: UpdateInfoBody): Promise<R<unknown>> =>
  (await http.post<R<unknown>>('/api/blade-user/update-info', body)).data;

/** All three values are plain text here and sent as md5 hex. */
export const updatePassword = async (oldPassword: string, newPassword: string, newPassword1: string) =>
  (
    await http.post<R<unknown>>('/api/blade-user/update-password', null, {
      params: {
        oldPassword: md5Hex(oldPassword),
        newPassword: md5Hex(newPassword),
        newPassword1: md5Hex(newPassword1),
      },
    })
  ).data;

/** Third-party registration (docs/front-end.md#session-and-lock); the password is sent as md5 hex, the
 * captcha in headers. */
export const registerGuest = async ({
  captchaKey,
  captchaCode,
  ...body
}: RegisterGuestBody): Promise<R<unknown>> =>
  (
    await http.post<R<unknown>>('/api/blade-user/register-guest', null, {
      params: { ...body, password: md5Hex(body.password) },
      headers: captchaKey ? { 'Captcha-Key': captchaKey, 'Captcha-Code': captchaCode ?? '' } : {},
    })
  ).data;

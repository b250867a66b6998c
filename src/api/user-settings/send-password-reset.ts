/**
 * POST user-settings/password/sendPasswordReset/ (spec 2 §7): e-mails the person a reset link. It changes nothing the
 * portal shows, so it invalidates nothing.
 */
import { z } from 'zod/mini';
import { SendPasswordResetAnswer, type ResetEmailBody } from '../../../domain/user-settings';
import type { ApiClient } from '../client';

export async function sendPasswordReset(api: ApiClient, body: ResetEmailBody): Promise<void> {
  await api.post('user-settings/password/sendPasswordReset/', body, z.union([SendPasswordResetAnswer, z.unknown()]));
}

// The sender name, reply-to address and signature a settings group gives the mails sent on its behalf (docs/domain/fields.md,
// "Workspace settings", e-mail): spread into a mail (mailer.ts, `Mail`).
import type { Db } from '../db/client';
import { workspaceSection } from '../services/workspace-settings.service';

export async function senderOf(
  db: Db,
  settingsGroup: string,
): Promise<{ fromName?: string; replyTo?: string; signature?: string }> {
  const { sender_name: name, reply_to: replyTo, signature } = await workspaceSection(db, settingsGroup, 'email');
  return {
    ...(name ? { fromName: name } : {}),
    ...(replyTo ? { replyTo } : {}),
    ...(signature ? { signature } : {}),
  };
}

import { z } from 'zod';
import { roleSchema } from './admin-schemas';
import { EMAIL_MAX_LENGTH, emailProblem, normaliseEmail, PASSWORD_MAX_LENGTH, passwordProblem } from './identity-schemas';
import { storableText } from './text-rules';

/** Request and response shapes of staff invitations (/api/admin/invitations, /api/invitations), shared by server and app. */

/** An invitation link works this long, and once. */
export const INVITATION_LIFETIME_HOURS = 72;
/** Invitation mails (new and resent) one administrator may send per hour. */
export const INVITATIONS_PER_ADMIN_HOUR = 20;

const email = z
  .string()
  .max(EMAIL_MAX_LENGTH + 20)
  .check(storableText())
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normaliseEmail);

export const invitationCreateSchema = z.object({ email, role: roleSchema }).strict();
export type InvitationCreate = z.input<typeof invitationCreateSchema>;

export const invitationIdParams = z.object({ id: z.string().min(1).max(64).check(storableText()) });

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  /** Whether the mail went out; when not, the console offers to send it again. */
  mailSent: z.boolean().optional(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationsSchema = z.object({ invitations: z.array(invitationSchema) });

/** The link's token, sent in a body (never in a path or query, which logs and proxies keep). */
const token = z.string().min(1).max(200).check(storableText());

export const invitationLookupSchema = z.object({ token }).strict();
export const invitationPreviewSchema = z.object({ email: z.string(), role: roleSchema });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const invitationAcceptSchema = z
  .object({
    token,
    password: z
      .string()
      .max(PASSWORD_MAX_LENGTH + 1)
      .superRefine((value, ctx) => {
        const problem = passwordProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    displayName: z.string().trim().max(100).check(storableText()).optional(),
  })
  .strict();
export type InvitationAccept = z.input<typeof invitationAcceptSchema>;
export const invitationAcceptedSchema = z.object({ uid: z.string(), email: z.string(), role: roleSchema });

export const INVITATION_UNUSABLE =
  'This invitation link cannot be used: it was used already, withdrawn, replaced by a newer mail, or it expired. Ask the administrator who invited you to send it again.';

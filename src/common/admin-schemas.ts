import { z } from 'zod';
import { ROLES } from './roles';
import { storableText } from './text-rules';

/** Request and response shapes of the console's /api/admin routes, shared by server and app. */

export const roleSchema = z.enum(ROLES);

export const adminSessionSchema = z.object({ uid: z.string(), email: z.string(), roles: z.array(roleSchema) });
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const settingsSchema = z.object({
  signUpOpen: z.boolean(),
  /** Staff and admins reach the console only with two-step sign-in on (403 `two_step_required`). */
  staffTwoStepRequired: z.boolean(),
});
export type SiteSettings = z.infer<typeof settingsSchema>;
export const settingsPatchSchema = settingsSchema.partial().strict();

export const userRolesSchema = z.object({ uid: z.string(), email: z.string(), roles: z.array(roleSchema) });

export const AUDIT_PAGE_MAX = 100;

export const auditQuerySchema = z.object({
  actorId: z.string().max(128).check(storableText()).optional(),
  action: z.string().max(64).check(storableText()).optional(),
  itemType: z.string().max(64).check(storableText()).optional(),
  itemId: z.string().max(128).check(storableText()).optional(),
  /** The `next` cursor of the previous page. */
  cursor: z.string().max(200).check(storableText()).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  itemType: z.string(),
  itemId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** The actor's display name now (else their email); null for the command line or a deleted account. */
  actorName: z.string().nullable().default(null),
  /** The item's name now, for people (display name, else email) and Contact Us messages (the sender). */
  itemLabel: z.string().nullable().default(null),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), next: z.string().nullable() });

export const userDetailsSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  emailVerified: z.boolean(),
  signInMethods: z.array(z.string()),
  roles: z.array(roleSchema),
  disabled: z.boolean(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

export const USERS_PAGE_MAX = 100;

/** A user's id in a path. */
export const userIdSchema = z.string().min(1).max(128).check(storableText());

export const usersQuerySchema = z.object({
  /** The start of the email address, any case. */
  email: z.string().check(storableText()).trim().toLowerCase().max(254).optional(),
  /** The `next` cursor of the previous page (the last email shown). */
  after: z.string().max(254).check(storableText()).optional(),
  limit: z.coerce.number().int().min(1).max(USERS_PAGE_MAX).default(25),
});

export const usersPageSchema = z.object({ users: z.array(userDetailsSchema), next: z.string().nullable() });

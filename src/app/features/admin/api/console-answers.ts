import type { AdminSession } from '../../../../common/admin-schemas';
import type { InboxSummary } from '../../../../common/inbox-schemas';
import { hasStaffClaim, tokenClaims } from '../../../../common/token-claims';
import { firstScreenOver } from '../../../lib/after-first-screen';
import { askEarly, takeArrived, takeEarly } from '../../../lib/early-answers';
import { currentIdToken, currentUser } from '../../../lib/session/session-store';
import { type AuditPage, fetchAudit } from './audit/fetch-audit';
import { fetchAdminSession } from './fetch-admin-session';
import { fetchInboxSummary } from './inbox/fetch-inbox-summary';
import { sharedAnswers } from './shared-answers';

/** The home's recent activity: the newest page of the whole audit log. */
const fetchHomeAudit = () => fetchAudit({ actorId: '', action: '', itemType: '', itemId: '' }, null, 50);

const sessionKey = (uid: string) => `admin-session:${uid}`;
const INBOX_SUMMARY = 'admin-inbox-summary';
const HOME_AUDIT_KEY = 'admin-home-audit';

/**
 * The console's home as a first screen (docs/decisions/0500): signed in, the app asks for what
 * the home is drawn from (who the server says the caller is; for staff by the token's claim, the
 * inbox's summary; for an administrator, the audit log's newest page) beside the console's code,
 * not after its frame, its page and the gate have loaded one after the other. The server checks
 * every one of these requests; the claim only spares a staff member a refused request.
 */
export function askConsoleHomeEarly(): void {
  const user = currentUser();
  if (!user) return;
  askEarly(sessionKey(user.uid), fetchAdminSession);
  const idToken = currentIdToken();
  if (hasStaffClaim(idToken)) askEarly(INBOX_SUMMARY, fetchInboxSummary);
  if (tokenClaims(idToken)?.admin === true) askEarly(HOME_AUDIT_KEY, fetchHomeAudit);
}

// The console's menu and its page mount together and ask the same questions (who am I, how many
// new messages): they share one answer, the early one where there is one. Without this, the
// second of them waited for a round trip of its own after the first had its answer.
const stillStarting = () => !firstScreenOver();
const sessionAnswer = sharedAnswers((uid) => takeEarly<AdminSession>(sessionKey(uid)) ?? fetchAdminSession(), stillStarting);
const inboxAnswer = sharedAnswers(() => takeEarly<InboxSummary>(INBOX_SUMMARY) ?? fetchInboxSummary(), stillStarting);

/** The gate's answer for `uid`. */
export const adminSessionFor = (uid: string): Promise<AdminSession> => sessionAnswer(uid);
/** The inbox's summary: the menu's count, the home's list. */
export const inboxSummaryNow = (): Promise<InboxSummary> => inboxAnswer('inbox');
export const homeAudit = (): Promise<AuditPage> => takeEarly<AuditPage>(HOME_AUDIT_KEY) ?? fetchHomeAudit();

// What has already come, for the home's first render: drawn with its answers in place, not with a
// spinner that a shorter list replaces a moment later (a layout shift: 0.017 of the home's 0.067).
export const inboxSummaryArrived = () => inboxAnswer.arrived('inbox');
export const homeAuditArrived = () => takeArrived<AuditPage>(HOME_AUDIT_KEY);

import { openDatabase } from '../../src/server/platform/db/database';
import { grantAsOperator } from '../support/operator-roles';
import { expect, test, waitForIonicPage } from './support/fixtures';
import { ServerProcess } from './support/server-process';
import { visiblePage } from './support/sign-in';
import { STAFF_PASSWORD, uniqueStaffEmail } from './support/staff';
import { ownPort } from './support/suite';

// A server of its own: without SMTP_URL its mails are written to its log, where this test reads the link.
const server = new ServerProcess(ownPort(41), { env: { LOG_LEVEL: 'info' } });
test.beforeAll(async () => {
  server.reset();
  await server.start();
});
test.afterAll(async () => server.stop());

/** An administrator on the own server: signed up through the API, the role given as `npm run admin -- grant` does. */
async function createAdmin(): Promise<string> {
  const email = uniqueStaffEmail('inviter');
  const config = (await (await fetch(`${server.url}/api/config`)).json()) as { apiKey: string };
  const response = await fetch(`${server.url}/identity/v1/accounts:signUp?key=${config.apiKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STAFF_PASSWORD, returnSecureToken: true }),
  });
  const { localId } = (await response.json()) as { localId: string };
  const handle = await openDatabase(server.databaseUrl);
  try {
    await grantAsOperator(handle.db, handle.engine, localId, ['admin']);
  } finally {
    await handle.close();
  }
  return email;
}

test('an admin invites a colleague in one browser; the colleague sets a password in another and lands in the console as staff', async ({
  browser,
}) => {
  const adminEmail = await createAdmin();
  const invitedEmail = uniqueStaffEmail('invited');

  const adminContext = await browser.newContext({ baseURL: server.url });
  const admin = await adminContext.newPage();
  await admin.goto(`/login?next=${encodeURIComponent('/admin/users')}`);
  await waitForIonicPage(admin);
  await visiblePage(admin).getByLabel('Email').fill(adminEmail);
  await visiblePage(admin).getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await visiblePage(admin).getByRole('button', { name: 'Log in' }).click();
  await expect(admin).toHaveURL(/\/admin\/users$/);
  await waitForIonicPage(admin);

  const form = visiblePage(admin).getByRole('form', { name: 'Invite a colleague' });
  await form.getByLabel('Email').fill(invitedEmail);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    visiblePage(admin)
      .getByRole('status')
      .filter({ hasText: `Invitation sent to ${invitedEmail} as staff` }),
  ).toBeVisible();
  await expect(visiblePage(admin).getByRole('list', { name: 'Open invitations' })).toContainText(invitedEmail);

  const [, token] = await server.waitForLog(
    new RegExp(`"to":"${invitedEmail.replace(/\./g, '\\.')}".*?/admin/invitation#token=([\\w%-]+)`),
  );
  const invitedContext = await browser.newContext({ baseURL: server.url });
  const invited = await invitedContext.newPage();
  await invited.goto(`/admin/invitation#token=${token}`);
  await waitForIonicPage(invited);
  const accept = visiblePage(invited).getByRole('form', { name: 'Accept the invitation' });
  await expect(accept).toContainText(`You are invited as staff with the address ${invitedEmail}`);
  // The token leaves the address bar as soon as the page has it.
  await expect(invited).toHaveURL(/\/admin\/invitation$/);
  await accept.getByLabel('Your name (optional)').fill('Nina New');
  await accept.getByLabel('Password', { exact: true }).fill('a new password 9');
  await accept.getByRole('button', { name: 'Create my account' }).click();

  await expect(invited).toHaveURL(/\/admin$/);
  await waitForIonicPage(invited);
  // In the console with the role: a staff section opens, an admin one says it is for admins.
  await invited.goto('/admin/movies');
  await waitForIonicPage(invited);
  await expect(visiblePage(invited).getByRole('heading', { level: 1 })).toContainText(/Movie/);

  // The admin's list no longer shows it, and the audit log tells the story in sentences.
  await admin.goto('/admin/audit');
  await waitForIonicPage(admin);
  await expect(visiblePage(admin).getByText(`invited ${invitedEmail} to join as staff`)).toBeVisible();
  await expect(visiblePage(admin).getByText('Nina New accepted the invitation and joined as staff')).toBeVisible();

  await adminContext.close();
  await invitedContext.close();
});

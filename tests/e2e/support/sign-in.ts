import type { APIRequestContext, Page } from '@playwright/test';
import type { Role } from '../../../src/common/roles';
import { markTutorialSeen } from '../demos-helpers';
import { expect, waitForIonicPage } from './fixtures';
import { createStaffAccount } from './staff';

/** The Ionic page in front: the router keeps earlier pages mounted, hidden, behind it. */
export const visiblePage = (page: Page) => page.locator('.ion-page:not(.ion-page-hidden)').last();

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Signs in through the Login page, which then goes to `next` (a path, with its query if any). */
export async function logInTo(page: Page, next: string, account: { email: string; password: string }) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await waitForIonicPage(page);
  const form = visiblePage(page);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${literally(next)}$`));
  await waitForIonicPage(page);
}

/**
 * A new account with these roles, signed in on a device that has seen the tutorial, at `next`
 * (the ID token is read after the roles are given, so it carries their claims).
 */
export async function signInAsStaff(page: Page, request: APIRequestContext, next: string, roles: Role[] = ['staff'], label = 'staff') {
  const account = await createStaffAccount(request, roles, label);
  await markTutorialSeen(page);
  await logInTo(page, next, account);
  return account;
}

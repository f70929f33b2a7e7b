import { markTutorialSeen } from './demos-helpers';
import { expect, test, waitForIonicPage } from './support/fixtures';

test.describe('Daily Activities', () => {
  test('a visitor reads the day, searches it, hides a track, keeps a favourite and opens an activity', async ({ page }) => {
    await markTutorialSeen(page);
    await page.goto('/app/tabs/schedule');
    await waitForIonicPage(page);
    await expect(page.getByTestId('schedule-count')).toHaveText('20 of 20 activities');

    // The day, grouped by time, each activity with its track, place and time.
    await expect(page.locator('ion-title').last()).toHaveText('Daily Activities');
    await expect(page.locator('ion-item-divider').first()).toHaveText('8:00 AM');
    const keynote = page.locator('.schedule-item').filter({ hasText: 'Keynote: IT That Gets Out of the Way' });
    await expect(keynote).toContainText('9:00 AM – 9:45 AM · Main Hall');
    await expect(keynote).toContainText('General · Maya Chen');

    // The Case Sensitive toggle changes what the search finds.
    await page.locator('ion-searchbar input').fill('IT');
    await expect(page.getByTestId('schedule-count')).toHaveText('5 of 20 activities');
    await page.locator('ion-toggle').filter({ hasText: 'Case Sensitive' }).click();
    await expect(page.getByTestId('schedule-count')).toHaveText('2 of 20 activities');
    const names = page.locator('.schedule-item__link');
    await expect(names).toHaveText(['Keynote: IT That Gets Out of the Way', 'Planning a Three-Year IT Budget']);
    await page.locator('ion-searchbar input').fill('app');
    await expect(page.getByText('No activities found')).toBeVisible();
    await page.locator('ion-toggle').filter({ hasText: 'Case Sensitive' }).click();
    await expect(names).toHaveText(['Building This App with React and Ionic', 'Apps That Work Offline']);
    await page.locator('ion-searchbar input').fill('');
    await expect(page.getByTestId('schedule-count')).toHaveText('20 of 20 activities');

    // The Filter hides a track; a favourite survives a reload; an activity opens its page.
    await page.getByRole('button', { name: 'Filter' }).click();
    const modal = page.locator('ion-modal');
    await modal.locator('ion-checkbox').filter({ hasText: 'Food' }).click();
    await modal.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('schedule-count')).toHaveText('15 of 20 activities · 1 track hidden');
    await expect(page.locator('.schedule-item').filter({ hasText: 'Lunch' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Favourite: Wi-Fi Clinic' }).click();
    await expect(page.getByRole('button', { name: 'Favourite: Wi-Fi Clinic' })).toHaveAttribute('aria-pressed', 'true');
    // The star turns at once; the toast says the device has kept it. A reload before then could
    // come ahead of the storage write, as a person reloading within milliseconds of a tap would.
    await expect(page.getByText('Wi-Fi Clinic added to favourites.')).toBeVisible();
    await page.reload();
    await waitForIonicPage(page);
    // The segment button's host takes the click; its inner tab button does not receive pointer events.
    await page.locator('ion-segment-button').filter({ hasText: 'Favorites' }).click();
    await expect(page.locator('.schedule-item__link')).toHaveText(['Wi-Fi Clinic']);

    await page.getByRole('link', { name: 'Wi-Fi Clinic' }).click();
    await expect(page).toHaveURL(/\/app\/tabs\/schedule\/wifi-clinic$/);
    await waitForIonicPage(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Wi-Fi Clinic' })).toBeVisible();
    await expect(page.getByText('Networks track')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove from Favorites' })).toBeVisible();
  });
});

test.describe('an unknown activity', () => {
  // The browser logs the API's 404 for the missing activity; that is the point of the test.
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('says so and leads back to the schedule', async ({ page }) => {
    await markTutorialSeen(page);
    await page.goto('/app/tabs/schedule/no-such-thing');
    await expect(page.getByRole('heading', { name: 'Activity not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the Schedule' }).click();
    await expect(page).toHaveURL(/\/app\/tabs\/schedule$/);
    await waitForIonicPage(page);
  });
});

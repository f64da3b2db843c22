import { expect, newUser, registerByApi, test } from './fixtures.ts';

test.describe('register → dashboard', () => {
  test('a new taxpayer creates an account and lands on the dashboard', async ({ page }) => {
    const user = newUser();
    await page.goto('/');
    await page.getByTestId('home-create-account').click();
    await expect(page).toHaveURL(/\/register\?tab=create$/);

    const form = page.getByTestId('create-account-form');
    await form.getByLabel('Full name').fill(user.full_name);
    await form.getByLabel('E-mail').fill(user.email);
    await form.getByLabel('Phone').fill(user.phone);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await form.getByRole('button', { name: 'Create account' }).click();

    // Where texts can be sent, registration offers to verify the phone (sign-in-methods.spec.ts does it).
    await page.getByTestId('verify-phone-panel').getByRole('button', { name: 'Later' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const card = page.getByTestId('welcome-card');
    await expect(card).toContainText(`Welcome, ${user.full_name}`);
    await expect(page.getByTestId('welcome-role')).toHaveText('Customer');
    // Nothing secret is kept in the browser: the session is an HttpOnly, Secure, __Host- cookie.
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(stored).not.toContain(user.password);
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === '__Host-tp_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.secure).toBe(true);
  });

  test('the form explains what is wrong before and after the server answers', async ({ page, request }) => {
    const taken = newUser();
    await registerByApi(request, taken);

    await page.goto('/register?tab=create');
    const form = page.getByTestId('create-account-form');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('Full name is required')).toBeVisible();
    await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();

    await form.getByLabel('Full name').fill(taken.full_name);
    await form.getByLabel('E-mail').fill(taken.email);
    await form.getByLabel('Phone').fill('555-0100');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(taken.password);
    await form.getByRole('button', { name: 'Create account' }).click();
    // Seven digits are no US number (the firm's country): refused by the server, under the field.
    await expect(
      form.getByText('Enter a valid phone number (a number from another country starts with + and its country code).'),
    ).toBeVisible();

    await form.getByLabel('Phone').fill(taken.phone);
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('An account with this e-mail already exists. Sign in instead.')).toBeVisible();
    await expect(page).toHaveURL(/\/register/);
  });

  test('a wrong password is refused with the server message', async ({ page, request }) => {
    const user = newUser();
    await registerByApi(request, user);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/register$/);
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('E-mail').fill(user.email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid e-mail or password')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });
});

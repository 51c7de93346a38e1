/** /people over HTTP (MSW): the list by next date, add, remove, and the import's refused lines. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Person } from '@wishes/kit-contract';
import { signedInMemberEachTest } from '../test/fixtures';
import { unchecked } from '../test/http';
import { renderRoute } from '../test/renderRoute';
import PeoplePage from './PeoplePage';

const member = signedInMemberEachTest();

const person = (id: number, name: string, date: string | null, overrides: Partial<Person> = {}): Person => ({
  person_id: id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  audience: 'Friend',
  time_zone: 'Australia/Sydney',
  remind_days_before: 7,
  occasions: date ? [{ topic: 'Birthday', month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)), year: null }] : [],
  next_occasion: date ? { topic: 'Birthday', date, remind_at: `${date}T00:00:00.000Z` } : null,
  ...overrides,
});

const renderPage = () => renderRoute('/people', '/people', <PeoplePage />);

it('lists people soonest date first, with a link to write to them', async () => {
  member.server.operation('listPeople', {}, { body: { people: [person(1, 'Zoe', '2027-09-01'), person(2, 'Noa', null), person(3, 'Lena', '2027-03-14')] } });
  renderPage();
  const rows = await screen.findAllByTestId('person', {}, { timeout: 5000 });
  expect(rows.map((r) => r.querySelector('strong')!.textContent)).toEqual(['Lena', 'Zoe', 'Noa']);
  expect(rows[0]).toHaveTextContent(/Next: Birthday, .*2027/);
  expect(within(rows[0]!).getByRole('link', { name: 'Write a wish' })).toHaveAttribute('href', '/compose/Birthday?person=3');
  expect(rows[2]).toHaveTextContent('No date yet');
  expect(document.title).toBe('People | Wishes');
});

it('adds a person: POST with the occasion, a toast, the list again', async () => {
  member.server.operation('listPeople', {}, { body: { people: [] } });
  member.server.operation('createPerson', {}, { status: 201, body: { person: person(4, 'Mila', '2027-05-04') } });
  renderPage();
  await screen.findByText(/No one here yet/);
  await userEvent.click(screen.getByRole('button', { name: 'Add a person' }));
  const form = screen.getByRole('form', { name: 'Add a person' });
  await userEvent.type(within(form).getByLabelText('Name'), 'Mila');
  await userEvent.selectOptions(within(form).getByLabelText('Their time zone'), 'Europe/Berlin');
  await userEvent.selectOptions(within(form).getByLabelText('Month'), '5');
  await userEvent.selectOptions(within(form).getByLabelText('Day'), '4');
  await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(member.toasts.messages()).toEqual(['Mila was saved.']));
  const [call] = member.server.callsOf('createPerson');
  expect(call!.body).toMatchObject({ name: 'Mila', time_zone: 'Europe/Berlin', occasions: [{ topic: 'Birthday', month: 5, day: 4 }], remind_days_before: 7 });
});

it("shows the server's refusal in the form", async () => {
  member.server.operation('listPeople', {}, { body: { people: [] } });
  member.server.operation('createPerson', {}, unchecked(400, { error: 'This date does not exist (29 February is fine).', detail: 'This date does not exist (29 February is fine).' }));
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Add a person' }));
  const form = screen.getByRole('form', { name: 'Add a person' });
  await userEvent.type(within(form).getByLabelText('Name'), 'X');
  await userEvent.selectOptions(within(form).getByLabelText('Month'), '2');
  await userEvent.selectOptions(within(form).getByLabelText('Day'), '31');
  await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('This date does not exist (29 February is fine).');
});

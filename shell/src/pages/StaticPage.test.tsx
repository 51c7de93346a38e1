import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient, DataProvider } from '@wishes/kit-client';
import { recordToasts } from '@wishes/kit-test';
import { StaticPage, withoutLeadingTitle } from './StaticPage';
import { http, HttpResponse, server } from '../test/http';

/** Answers /static/markdown/<name>.md with `answers` in turn (the last one again), recording each name. */
function markdownFiles(...answers: Array<() => Response>) {
  const asked: string[] = [];
  server.use(
    http.get('*/static/markdown/:file', ({ params }) => {
      asked.push(String(params.file));
      return answers[Math.min(asked.length, answers.length) - 1]!();
    }),
  );
  return asked;
}
const text = (body: string) => () => new HttpResponse(body, { headers: { 'Content-Type': 'text/markdown' } });

const TERMS = `# Terms and Conditions

## Using Wishes

Some **bold** and *italic* words.

- first item
- second item

Read [our policy](https://example.com/policy).
`;

function renderAt(path: string) {
  return render(
    <DataProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/page/:pageName" element={<StaticPage />} />
        </Routes>
      </MemoryRouter>
    </DataProvider>,
  );
}

let recorder: ReturnType<typeof recordToasts>;
beforeEach(() => {
  recorder = recordToasts();
});
afterEach(() => {
  recorder.stop();
  jest.restoreAllMocks();
});

describe('StaticPage', () => {
  it('renders the terms markdown with a new-tab link and sets the title', async () => {
    const asked = markdownFiles(text(TERMS));
    renderAt('/page/terms');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading Terms and Conditions...');
    expect(await screen.findByRole('heading', { level: 2, name: 'Using Wishes' })).toBeInTheDocument();
    // The document's own title is not repeated under the page's <h1>.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(asked).toEqual(['terms.md']);
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('italic').tagName).toBe('EM');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['first item', 'second item']);
    const link = screen.getByRole('link', { name: 'our policy' });
    expect(link).toHaveAttribute('href', 'https://example.com/policy');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await waitFor(() => expect(document.title).toBe('Terms and Conditions | Wishes'));
  });

  it('loads the privacy policy under its title', async () => {
    markdownFiles(text('We keep *little*.'));
    renderAt('/page/privacy_policy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(await screen.findByText('little')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Privacy Policy | Wishes'));
  });

  it('shows an error state and a toast when the content cannot be loaded, and retries', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const asked = markdownFiles(() => new HttpResponse('Not found', { status: 404 }), text('Back **again**'));
    renderAt('/page/privacy_policy');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load Privacy Policy page content');
    expect(recorder.toasts).toEqual([expect.objectContaining({ kind: 'error', text: 'Could not load Privacy Policy page content' })]);
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(await screen.findByText('again')).toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it('shows \'Page "x" not found\' for any other name, without fetching', async () => {
    const asked = markdownFiles(text(''));
    renderAt('/page/x');
    expect(screen.getByRole('alert')).toHaveTextContent('Page "x" not found');
    await waitFor(() => expect(recorder.toasts).toEqual([expect.objectContaining({ kind: 'error', text: 'Page "x" not found' })]));
    expect(asked).toEqual([]);
  });

  it('does not treat inherited object keys as pages', () => {
    renderAt('/page/constructor');
    expect(screen.getByRole('alert')).toHaveTextContent('Page "constructor" not found');
  });
});

it('drops only a leading level-1 title from the document', () => {
  expect(withoutLeadingTitle('# Privacy Policy\n\nText')).toBe('\nText');
  expect(withoutLeadingTitle('Intro\n# Later heading')).toBe('Intro\n# Later heading');
  expect(withoutLeadingTitle('## Section\nText')).toBe('## Section\nText');
});

import type { ReactElement } from 'react';
import { useParams } from 'react-router-dom';
import { setOptions } from '@wishes/kit-client';
import { type Options } from '@wishes/kit-contract';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { renderRoutes } from '@wishes/kit-test';

export { recordToasts } from '@wishes/kit-test';

function WishPageStub() {
  const { id } = useParams();
  return <p>Wish page {id}</p>;
}

/** Renders a page at the route pattern(s) the shell mounts it at, beside the pages it leads to (a wish, home). */
export function renderAt(url: string, patterns: string[], page: ReactElement) {
  return renderRoutes(
    [...patterns.map((path) => ({ path, element: page })), { path: '/wish/:id', element: <WishPageStub /> }, { path: '/', element: <p>Home page</p> }],
    { url },
  );
}

export const OPTIONS: Options = {
  site_name: 'Wishes',
  greeting_config_params: {
    styles: ['Heartfelt', 'Funny'],
    audiences: ['Friend', 'Colleague'],
    topics: [
      { topic: 'Birthday', topic_details: 'Celebrate another trip around the sun.', image_url: '/static/categories/birthday.webp' },
      { topic: 'New Baby', topic_details: 'Welcome a little one.', image_url: '/static/categories/new-baby.webp' },
    ],
  },
  report_topic_config: ['Spam'],
};

export { setOptions };

/** Fills every field of the compose form (Funny, Friend, Anna, Birthday and `details`), as a member would. */
export async function fillComposeForm(user: ReturnType<typeof userEvent.setup>, details = 'Turns 30') {
  await user.selectOptions(screen.getByLabelText('Style'), 'Funny');
  await user.selectOptions(screen.getByLabelText('Audience'), 'Friend');
  await user.type(screen.getByLabelText('Name'), 'Anna');
  await user.selectOptions(screen.getByLabelText('Topic'), 'Birthday');
  await user.type(screen.getByLabelText('Details'), details);
}

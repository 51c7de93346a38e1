import { takeEmbedded, takeEmbeddedPublic, resetEmbeddedCache, EMBEDDED_ELEMENT_ID } from './embedded';

function embed(data: unknown) {
  document.body.innerHTML = `<script type="application/json" id="${EMBEDDED_ELEMENT_ID}">${JSON.stringify(data)}</script>`;
  resetEmbeddedCache();
}

const feed = { wishes: [], page_number: 1, next_page_number: null, hasMore: false };

it('returns the embedded piece once, for its path only', () => {
  embed({ path: '/feed', feed });
  expect(takeEmbedded('feed', '/user/1')).toBeUndefined();
  expect(takeEmbedded('feed', '/feed/')).toEqual(feed);
  expect(takeEmbedded('feed', '/feed')).toBeUndefined();
});

it('ignores missing or malformed data', () => {
  document.body.innerHTML = '';
  resetEmbeddedCache();
  expect(takeEmbedded('feed', '/feed')).toBeUndefined();
  document.body.innerHTML = `<script type="application/json" id="${EMBEDDED_ELEMENT_ID}">{not json</script>`;
  resetEmbeddedCache();
  expect(takeEmbedded('feed', '/feed')).toBeUndefined();
});

it('is not used with a session: it was rendered for a signed-out visitor', () => {
  embed({ path: '/feed', feed });
  localStorage.setItem('access_token', 'x.y.z');
  try {
    expect(takeEmbedded('feed', '/feed')).toBeUndefined();
  } finally {
    localStorage.removeItem('access_token');
  }
});

it('gives the public piece to a member too when asked for it, once', () => {
  embed({ path: '/feed', feed });
  localStorage.setItem('access_token', 'x.y.z');
  try {
    expect(takeEmbeddedPublic('feed', '/user/1')).toBeUndefined();
    expect(takeEmbeddedPublic('feed', '/feed')).toEqual(feed);
    expect(takeEmbeddedPublic('feed', '/feed')).toBeUndefined();
  } finally {
    localStorage.removeItem('access_token');
  }
});

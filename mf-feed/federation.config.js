// mf-feed: home, feed, single wish and search pages, plus the wish card and list used by mf-profile.
module.exports = {
  name: 'mf_feed',
  port: 3001,
  exposes: {
    './HomePage': './src/home/HomePage.tsx',
    './FeedPage': './src/feed/FeedPage.tsx',
    './WishPage': './src/wish/WishPage.tsx',
    './SearchPage': './src/search/SearchPage.tsx',
    './WishList': './src/wish/WishList.tsx',
    './WishCard': './src/wish/WishCard.tsx',
  },
};

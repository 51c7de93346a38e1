// mf-compose: the wish editor (generate, edit, copy, save) and the business-offer form.
module.exports = {
  name: 'mf_compose',
  port: 3002,
  exposes: {
    './ComposePage': './src/compose/ComposePage.tsx',
    './BusinessPage': './src/business/BusinessPage.tsx',
  },
};

// mf-auth: sign in, sign up and the two password-reset pages. Each exposed module's default
// export is a page component; the shell mounts them at the spec's /auth/* routes.
module.exports = {
  name: 'mf_auth',
  port: 3004,
  exposes: {
    './SignInPage': './src/signin/SignInPage.tsx',
    './SignUpPage': './src/signup/SignUpPage.tsx',
    './ResetRequestPage': './src/reset/ResetRequestPage.tsx',
    './ResetConfirmPage': './src/reset/ResetConfirmPage.tsx',
  },
};

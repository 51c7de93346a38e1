/**
 * mf-auth's declaration: its federation name, dev port, exposed modules, routes with their titles
 * and sign-in rule, navigation and menu entries, and the modules it consumes from other remotes.
 * This file is the one place they are written: the build ships it in the release (release.json →
 * declaration), and the shell and the server take it from the active release.
 */
import type { RemoteDeclaration } from '@wishes/kit-contract/registry';

export default {
  key: 'auth',
  name: 'mf_auth',
  folder: 'mf-auth',
  devPort: 3004,
  exposes: {
    SignInPage: './src/signin/SignInPage.tsx',
    SignUpPage: './src/signup/SignUpPage.tsx',
    ResetRequestPage: './src/reset/ResetRequestPage.tsx',
    ResetConfirmPage: './src/reset/ResetConfirmPage.tsx',
  },
  routes: [
    { path: '/auth/sign_in', expose: 'SignInPage', title: 'Sign In' },
    { path: '/auth/sign_up', expose: 'SignUpPage', title: 'Sign Up' },
    { path: '/auth/reset_password', expose: 'ResetRequestPage', title: 'Reset Password' },
    // A trailing slash is accepted by the router; the splat route lets a link with a missing uid
    // or token reach the page, which then says the link is invalid.
    { path: '/auth/reset_password_confirm/:uid/:token', expose: 'ResetConfirmPage', title: 'Set New Password' },
    { path: '/auth/reset_password_confirm/*', expose: 'ResetConfirmPage', title: 'Set New Password' },
  ],
  nav: [],
} as const satisfies RemoteDeclaration;

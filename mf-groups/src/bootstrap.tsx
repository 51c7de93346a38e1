/**
 * Runs only when this remote's own page is opened: `npm run dev -w mf-groups` shows its routes alone in
 * the kit's standalone host (@wishes/kit-ui/harness), against a running API. The shell never runs this file
 * (it loads the exposed modules), and production builds leave the host out (__WISHES_STANDALONE__).
 */
declare const __WISHES_STANDALONE__: boolean;

if (__WISHES_STANDALONE__) {
  // The kit's standalone host, with this remote's own declaration.
  void Promise.all([import('@wishes/kit-ui/harness'), import('../remote.config')]).then(([{ startStandalone }, { default: declaration }]) =>
    startStandalone(declaration, (file) => import(/* webpackInclude: /\.tsx$/, webpackExclude: /(\.test\.tsx$)|([\\/]test[\\/])/ */ `./${file}`)),
  );
}

export {};

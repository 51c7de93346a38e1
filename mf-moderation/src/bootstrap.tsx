/**
 * Runs only when this remote's own page is opened: `npm run dev -w mf-moderation` shows its routes alone in
 * the standalone host of @wishes/shared, against a running API. The shell never runs this file
 * (it loads the exposed modules), and production builds leave the host out (__WISHES_STANDALONE__).
 */
declare const __WISHES_STANDALONE__: boolean;

if (__WISHES_STANDALONE__) {
  void Promise.all([import('@wishes/shared/harness'), import('@wishes/shared')]).then(([{ startStandalone }, { REMOTES }]) =>
    startStandalone(REMOTES.moderation, (file) => import(/* webpackInclude: /\.tsx$/, webpackExclude: /(\.test\.tsx$)|([\\/]test[\\/])/ */ `./${file}`)),
  );
}

export {};

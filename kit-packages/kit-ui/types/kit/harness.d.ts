/** @wishes/kit-ui/harness: the standalone development host (a remote's `npm run dev` page). */
export { startStandalone, type PageImporter } from '../harness/StandaloneHost';

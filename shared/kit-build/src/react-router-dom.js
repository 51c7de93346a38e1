/**
 * react-router-dom as the site shares it: only the names the apps import. A shared singleton is
 * never tree-shaken (every export of the provided module counts as used), so sharing the package
 * itself shipped its whole data-router API (createBrowserRouter, loaders, fetchers, forms, ~8 KB
 * gzip) that no app uses, on every page. webpack.factory.js resolves 'react-router-dom' here (the
 * share key and version stay the package's), and this file's exports are the shared module.
 * An app that needs another name adds it here: until then its build warns that the export was not
 * found, and the host's copy (built from this list) would not have it.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom/dist/index.js';

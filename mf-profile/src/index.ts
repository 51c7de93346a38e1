// Async boundary: the shared singletons (React, router, rxjs, the kit) are negotiated first.
import('./bootstrap');

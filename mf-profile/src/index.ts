// Async boundary: the shared singletons (React, router, rxjs, @wishes/shared) are negotiated first.
import('./bootstrap');

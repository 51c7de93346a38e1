// Async boundary: shared singletons (React, router, @wishes/shared) are negotiated before any app code runs.
import('./bootstrap');

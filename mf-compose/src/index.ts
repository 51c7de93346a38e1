// Async boundary: shared singletons (React, router, the kit) are negotiated before any app code runs.
import('./bootstrap');

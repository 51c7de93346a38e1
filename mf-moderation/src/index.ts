// Async boundary: shared singletons (react, router, @wishes/shared) are negotiated before any app code runs.
import('./bootstrap');

// Async boundary: shared singletons (react, router, the kit) are negotiated before any app code runs.
import('./bootstrap');

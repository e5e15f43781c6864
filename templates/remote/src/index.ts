// Async boundary: shared singletons are negotiated before anything imports them.
void import('./bootstrap');

// Registers the hooks of the resources that need more than the generic engine. Imported once by app.ts
// before the routes are generated.
import './client.js';
import './dept.js';
import './dict.js';
import './region.js';
import './role.js';
import './scopes.js';
import './tenant.js';
import './tenant-package.js';
import './top-menu.js';
import './user.js';

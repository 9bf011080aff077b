// The page's one entry: its modules, started in this order (each sets up its own part of
// the page when it runs). The query box runs before app.js: it reads its #q= from the URL
// before the page rewrites it.

import "./tabs.js";
import "./explore.js";
import "./query.js";
import "./app.js";
import "./hands.js";
import "./boards.js";
import "./display.js";

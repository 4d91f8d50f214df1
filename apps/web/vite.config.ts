import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractForClient } from './build/contractForClient.js';
import { mantineStyles } from './build/mantineStyles.js';
import { inlineLogo, moduleChunks, precompress } from './build/plugins.js';

const api = process.env.API_URL ?? 'http://localhost:3000';

/** The Mantine components of the sign-in page (and of what every page shows: the loader). */
const LOGIN_COMPONENTS = [
  'ActionIcon',
  'Alert',
  'Anchor',
  'Box',
  'Button',
  'Center',
  'CloseButton',
  'Input',
  'InputBase',
  'Loader',
  'LoadingOverlay',
  'Notification',
  'Paper',
  'PasswordInput',
  'Portal',
  'Skeleton',
  'Stack',
  'Tabs',
  'Text',
  'TextInput',
  'Title',
  'Transition',
  'UnstyledButton',
];
/** A module of one of these Mantine components. */
const mantineComponents = (names: string[]) =>
  new RegExp(
    `node_modules[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/](${names.join('|')})[\\\\/]`,
  );
/**
 * A group's test: JavaScript modules matching one of the patterns. CSS stays with its importer
 * (a style sheet in a group ties the entry to that group's chunk).
 */
const scriptsOf =
  (...patterns: RegExp[]) =>
  (id: string) =>
    !id.endsWith('.css') && patterns.some((p) => p.test(id));
/** What the toasts' container (loaded after the first paint of every page) uses: transitions, scroll lock. */
const TOASTS_LIBS =
  /node_modules[\\/](react-transition-group|react-remove-scroll|react-remove-scroll-bar|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|@babel[\\/]runtime)[\\/]/;
/** The components of the signed-in layout and the dashboard (the page a signed-in visit opens). */
const APP_COMPONENTS = [
  'Accordion',
  'AppShell',
  'Avatar',
  'Badge',
  'Burger',
  'Card',
  'Collapse',
  'FocusTrap',
  'Grid',
  'Group',
  'Image',
  'Indicator',
  'List',
  'Menu',
  'Modal',
  'ModalBase',
  'NavLink',
  'Overlay',
  'Popover',
  'Progress',
  'ScrollArea',
  'SimpleGrid',
  'Table',
  'ThemeIcon',
  'Tooltip',
  'VisuallyHidden',
];
/**
 * Application modules by name, under `apps/web/src` (`web`) or `packages/contract/src` (`contract`),
 * without extension.
 */
const appModules = (web: string[], contract: string[] = []) =>
  new RegExp(
    `(apps[\\\\/]web[\\\\/]src[\\\\/](${web.join('|')})|packages[\\\\/]contract[\\\\/]src[\\\\/](${contract.join('|') || '$^'}))\\.tsx?$`,
  );
/**
 * What the application chunk (`app/boot.tsx`) imports that the signed-in layout and the preload
 * import too: as their own chunks these were eleven files of 0.1–2 KB, each a round trip on one
 * of HTTP/1.1's six connections before anything is painted.
 */
const CORE = appModules(
  [
    'api',
    'app/session',
    'app/afterFirstScreen',
    // What the API client and the sign-out tell the offline banner (a few hundred bytes).
    'features/install/offline',
    'features/notifications/realtime',
    'app/guard',
    'ui/logo',
    'features/auth/paths',
    'ui/layout',
    'ui/LoadingOverlay',
    'ui/NotFound',
    'i18n/fr',
    'features/notifications/queries',
    'features/coproprietaire/queries',
    // Who the user is in the syndic's console: the landing and both headers ask it.
    'features/gestion/(me|frSpace)',
  ],
  [
    'client',
    'domains/identity',
    'domains/notifications',
    'domains/notificationsFeed',
    'domains/syndicNotifications',
    'domains/coproprietaire',
    'domains/settings',
    'rules/once',
    'rules/typo',
    'rules/format',
    'rules/phone',
  ],
);
/**
 * zod's core, which the application chunk configures (boot.tsx): kept in the core chunk, not a file
 * of its own shared with the forms' schemas (the console's who-am-I read loads those lazily).
 */
const ZOD_CORE = /node_modules[\\/]zod[\\/]v4[\\/]core[\\/](core|util|errors)\.js$/;
/** The logo's text, written into the pages (ui/logo.ts). */
const LOGO = /[\\/]public[\\/]logo-tantieme\.svg\?raw$/;
/**
 * The signed-in layout with its shell, header, menus and the badges and feeds they show. The
 * layout, a lazy entry, is in the group too: its own chunk was one more request of 0.7 KB on the
 * dashboard's path (with the page's, ~130 ms of LCP on a phone over HTTP/1.1); the budget check
 * finds it through `.vite/modules.json` (moduleChunks above).
 */
const SHELL = appModules(
  [
    // The first screen's queries (app/preload.ts starts them) and the balance with its payment
    // button, which the finance pages show too: in the chunk every signed-in page loads, not
    // three more files of 2–3 KB on the dashboard's path.
    'app/preload',
    'app/layouts/DashboardLayout',
    'features/(synthese|assemblees|payments)/queries',
    'features/payments/(index|fr|components/PayNowButton|components/CollectingNote|components/PaymentStatusModal)',
    'features/finances/components/BalanceSummary',
    'ui/(Doughnut|doughnut-data)',
    'app/shell/(menu|DashboardNav|MobileBar|AppHeader|LazyUserSidebar)',
    'features/coproprietaire/(DisabledRecord|PendingAttach|remove|fr)',
    'features/onboarding/(OnboardingRedirect|redirect)',
    'features/install/OfflineBanner',
    'features/notifications/(push|NotificationsLive|MessageShortcut|NotificationBell|fr)',
    'features/notifications/components/(FeedList|useFeed|NotificationsFeed|NotificationDetail)',
    // The signed head's copy box, in a notification's detail (and the register's check).
    'ui/SignedHeadToken',
    'features/chat/(ChatShortcut|queries|fr)',
    // The switch of a volunteer syndic to the console, in the co-owner header.
    'features/gestion/shell/OwnerSpaceSwitch',
  ],
  [
    'domains/(chat|chatStaff|synthese|assemblees|assembleeProxies|assembleeRegister|payments)',
    'rules/(roles|assemblee|tally|majorities|twoCoowners|ledger|reduction)',
  ],
);
/** Every icon (3 KB compressed in all): one file fewer for the signed-in pages. */
const ICONS = /node_modules[\\/]@tabler[\\/]/;
/** The toasts' and modals' libraries the signed-in layout mounts. */
const SHELL_LIBS = /node_modules[\\/]@mantine[\\/](notifications|store|modals)[\\/]/;
/** A record's home page (`/:id/home`), with the page's lazy entry (as the layout in SHELL). */
const HOME_PAGE = appModules(
  ['features/synthese/components/[A-Za-z]+', 'features/synthese/fr', 'features/synthese/pages/SynthesePage'],
  ['rules/synthese'],
);
/** The libraries only those components use (popovers, focus trap). */
const APP_LIBS = /node_modules[\\/](@floating-ui|tabbable)[\\/]/;

export default defineConfig({
  plugins: [
    contractForClient('../../packages/contract/src'),
    mantineStyles(path.resolve(import.meta.dirname, 'src')),
    react(),
    inlineLogo(),
    moduleChunks(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/files': api,
      '/dev': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  // The manifest feeds the bundle budget check (scripts/bundle-budget.mjs).
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // Chunks by what pages load together. Split per module, the dashboard was 98
        // files, then 79: on HTTP/1.1 a browser fetches six at a time, and on a phone's link each
        // wave costs a round trip. React is one chunk, the router and react-query another (two
        // files that download side by side); Mantine is three: its core, the components /login
        // shows (LOGIN_COMPONENTS), and those of the signed-in layout and the dashboard
        // (APP_COMPONENTS), so /login does not carry the signed-in pages' components; the other
        // components stay split per page. Our own modules that load together are three, with the
        // icons in CORE (CORE, SHELL, HOME_PAGE: 39 files → 11 for the dashboard); those groups take only
        // the modules they name (`includeDependenciesRecursively: false`), not what they import.
        // A component added to the sign-in page belongs in LOGIN_COMPONENTS: else /login loads
        // 'mantine-app' and the bundle budget check fails. The budget check also fails when two
        // chunks import each other (a module left outside a group can do that).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 20,
            },
            {
              name: 'router',
              test: /node_modules[\\/](react-router|@remix-run|@tanstack)[\\/]/,
              priority: 19,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/]@mantine[\\/](hooks[\\/]|core[\\/]esm[\\/](core[\\/]|utils[\\/]|index\.mjs))/,
              priority: 10,
            },
            {
              name: 'mantine-login',
              test: scriptsOf(mantineComponents(LOGIN_COMPONENTS), TOASTS_LIBS),
              priority: 9,
            },
            {
              name: 'mantine-app',
              test: scriptsOf(mantineComponents(APP_COMPONENTS), APP_LIBS),
              priority: 8,
            },
            {
              name: 'core',
              test: scriptsOf(CORE, LOGO, ICONS, ZOD_CORE),
              priority: 6,
              includeDependenciesRecursively: false,
            },
            {
              name: 'shell',
              test: scriptsOf(SHELL, SHELL_LIBS),
              priority: 4,
              includeDependenciesRecursively: false,
            },
            { name: 'home', test: scriptsOf(HOME_PAGE), priority: 3, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});

/**
 * React, which the build's server bundle loads from node_modules, picks its
 * development or production build from NODE_ENV when it is first imported.
 * The development build renders a listing page two to three times slower
 * (it validates every element and property the build already checked), so
 * the server runs the production one unless NODE_ENV says otherwise.
 * functions/node.ts imports this first, before anything can load React.
 */
process.env.NODE_ENV ??= "production";

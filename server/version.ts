// The app version shown to users and in /health (docs/domain/browser-app.md, "App update": 5.234 is the product line we follow).
export const APP_VERSION = '5.234.0';

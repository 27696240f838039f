import type { FastifyHelmetOptions } from "@fastify/helmet";

/**
 * Security headers for every answer (helmet's defaults plus our CSP). The CSP allows the app's
 * own scripts and styles, inline styles (antd-mobile sets `style` attributes and injects CSS
 * variables), images from anywhere over HTTPS (station photos, avatars) and data: URLs (QR codes).
 * The map provider's and the messaging app's script hosts get added here when those land.
 */
export const helmetOptions: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "https:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      // TLS ends at the load balancer in production; on a plain-HTTP laptop or LAN address
      // upgrading would break every asset.
      upgradeInsecureRequests: null,
    },
  },
};

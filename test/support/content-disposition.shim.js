// Jest's module loader cannot require an ES module, and content-disposition 3 is one. It reaches
// the api only through @fastify/static (which Swagger UI's assets need), and only for
// reply.download(), which the api never calls; so under Jest a CommonJS stand-in is enough.
module.exports = {
  create: (filename, options = {}) => `${options.type ?? 'attachment'}; filename="${String(filename).replace(/["\\]/g, '')}"`,
};

# Kubeglass server and web app. Build: docker build -t kubeglass:$(node -p 'require("./package.json").version') .
# The runtime image holds node, the built app and its production dependencies: no shell, no npm, user 65532.
ARG NODE_MAJOR=22

# Build: the whole toolchain (TypeScript, Vite), as `npm ci && npm run build` in a checkout.
FROM node:${NODE_MAJOR}-bookworm-slim AS build
WORKDIR /src
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies alone, from the same lockfile; none of them has an install script to run.
FROM node:${NODE_MAJOR}-bookworm-slim AS deps
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# Runtime: distroless node of the same major and Debian release as the build stages (glibc alike), nonroot = 65532.
FROM gcr.io/distroless/nodejs${NODE_MAJOR}-debian12:nonroot
WORKDIR /app
ENV NODE_ENV=production
# The server finds its web app through package.json (its name) and dist/web beside it.
COPY --from=deps /src/node_modules ./node_modules
COPY --from=build /src/dist ./dist
COPY bin ./bin
COPY package.json ./
USER 65532:65532
EXPOSE 7070
# Distroless keeps node outside PATH.
ENTRYPOINT ["/nodejs/bin/node", "bin/kubeglass.js"]
CMD ["--in-cluster", "--no-demo", "--host", "0.0.0.0"]

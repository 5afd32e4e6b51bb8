FROM node:24-bookworm-slim
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund && npm run build
ENV HOST=0.0.0.0 PORT=3000
EXPOSE 3000
CMD ["node", "server/src/main.ts", "--api"]

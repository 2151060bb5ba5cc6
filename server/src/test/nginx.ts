import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.ts";
import { waitUntil } from "./wait.ts";

/** Debian's nginx (`apt-get install -y nginx`; .ci/run installs it). */
export const NGINX_PATH = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
export const nginxInstalled = () => existsSync(NGINX_PATH);

/** The repository's nginx site, as an operator installs it (README «Production»). */
export const SITE_FILE = new URL("../../../deploy/nginx/wholesale.conf", import.meta.url).pathname;

export type RunningNginx = {
  httpPort: number;
  httpsPort: number;
  /** The self-signed certificate nginx serves (PEM), for the client to trust. */
  certificate: string;
  /** The directory certbot's webroot points at in the site (its /.well-known/acme-challenge/ files). */
  webroot: string;
  stop: () => Promise<void>;
};

/** Replaces each `from` (which must occur) with its `to`: the site file changing shape fails the test loudly. */
function substitute(text: string, replacements: [from: string, to: string][]): string {
  let result = text;
  for (const [from, to] of replacements) {
    if (!result.includes(from)) throw new Error(`the site file no longer contains ${JSON.stringify(from)}`);
    result = result.replaceAll(from, to);
  }
  return result;
}

/**
 * The site file with only what differs on this machine swapped: loopback ports instead of 80 and 443 (no
 * IPv6 listeners), the test's certificate, the app's address and the webroot. Everything else (TLS, HTTP/2,
 * the body limit, the timeouts, the headers, the error pages) is the file as deployed.
 */
function siteForTest(options: {
  httpPort: number;
  httpsPort: number;
  appPorts: number[];
  certificate: string;
  key: string;
  webroot: string;
}): string {
  return substitute(readFileSync(SITE_FILE, "utf8"), [
    ["server 127.0.0.1:3000;", options.appPorts.map((port) => `server 127.0.0.1:${port};`).join("\n    ")],
    ["listen [::]:80 default_server;\n", ""],
    ["listen [::]:443 ssl http2 default_server;\n", ""],
    ["listen [::]:80;\n", ""],
    ["listen [::]:443 ssl http2;\n", ""],
    ["listen 80 default_server;", `listen 127.0.0.1:${options.httpPort} default_server;`],
    [
      "listen 443 ssl http2 default_server;",
      `listen 127.0.0.1:${options.httpsPort} ssl http2 default_server;`,
    ],
    ["listen 80;", `listen 127.0.0.1:${options.httpPort};`],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${options.httpsPort} ssl http2;`],
    ["/etc/letsencrypt/live/backoffice.example.com/fullchain.pem", options.certificate],
    ["/etc/letsencrypt/live/backoffice.example.com/privkey.pem", options.key],
    ["root /var/www/html;", `root ${options.webroot};`],
    ["server_name backoffice.example.com;", "server_name localhost;"],
  ]);
}

/**
 * What Debian's /etc/nginx/nginx.conf gives a site (mime types, sendfile, its TLS protocols down to TLS 1.0), with every path in
 * the test's own directory: no root-owned path is needed, and nginx stays in the foreground as the test's child.
 */
function mainConfig(prefix: string): string {
  return `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  ssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3;
  ssl_prefer_server_ciphers on;
  access_log ${prefix}/access.log;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  gzip on;
  include ${prefix}/site.conf;
}
`;
}

/**
 * A self-signed certificate for localhost and 127.0.0.1, made with openssl for this run only. RSA: with it a
 * server could also agree suites without forward secrecy (RSA key exchange, AES128-SHA), which an ECDSA key
 * cannot, so the site's cipher list is what refuses them.
 */
function selfSignedCertificate(dir: string): { certificate: string; key: string } {
  const certificate = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes"],
      ...["-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
      ...["-keyout", key, "-out", certificate],
    ],
    { stdio: "pipe" },
  );
  return { certificate, key };
}

/**
 * Starts Debian's nginx on loopback with the repository's site in front of the app on `appPort` (several: its
 * upstream balances between them, as in front of several instances), and waits
 * until it answers over https. Its workers run as nobody when the test runs as root, so its directory is
 * readable by all (it holds nothing secret but this run's throwaway key).
 */
export async function startNginx(appPort: number | number[]): Promise<RunningNginx> {
  const prefix = mkdtempSync(join(tmpdir(), "wholesale-nginx-"));
  chmodSync(prefix, 0o755);
  mkdirSync(join(prefix, "tmp"));
  const webroot = join(prefix, "webroot");
  mkdirSync(webroot);
  const { certificate, key } = selfSignedCertificate(prefix);
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  writeFileSync(
    join(prefix, "site.conf"),
    siteForTest({ httpPort, httpsPort, appPorts: [appPort].flat(), certificate, key, webroot }),
  );
  const config = join(prefix, "nginx.conf");
  writeFileSync(config, mainConfig(prefix));

  const nginx: ChildProcess = spawn(NGINX_PATH, ["-p", prefix, "-c", config], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  nginx.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => nginx.once("exit", () => resolve()));
  const log = () => {
    const errorLog = join(prefix, "error.log");
    return `${stderr}${existsSync(errorLog) ? readFileSync(errorLog, "utf8") : ""}`;
  };
  await waitUntil(`nginx to listen on 127.0.0.1:${httpsPort}`, async () => {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}):\n${log()}`);
    return new Promise<boolean>((resolve) => {
      const probe = connect(httpsPort, "127.0.0.1");
      probe.once("connect", () => {
        probe.destroy();
        resolve(true);
      });
      probe.once("error", () => resolve(false));
    });
  });

  return {
    httpPort,
    httpsPort,
    certificate: readFileSync(certificate, "utf8"),
    webroot,
    stop: async () => {
      // QUIT: a graceful stop, as `systemctl stop nginx` does.
      if (nginx.exitCode === null) nginx.kill("SIGQUIT");
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

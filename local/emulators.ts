import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, stopProcesses, waitForService, type Service } from './processes';
import { environment } from '../functions/lib/environment';
import { sender } from '../functions/lib/mail-sender';
import { SITE_NAME } from '../functions/schemas/site-config';
import { buckets } from './environment';
import { uploadCors } from '../infra/resources';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

export type EmulatorPorts = { dynamodb: number; cognito: number; s3: number; ses: number };

/** DynamoDB Local is a Java program: without a Java runtime on the PATH, says how to get one. */
export function requireJava(env: NodeJS.ProcessEnv = process.env): void {
  const java = spawnSync('java', ['-version'], { env, stdio: 'ignore' });
  if (!java.error) return;
  throw new Error(
    'DynamoDB Local needs a Java runtime (17 or newer) and none is on the PATH: install one ' +
      '(Debian or Ubuntu: sudo apt-get install default-jre-headless; macOS: brew install openjdk), then start again',
  );
}

/**
 * Starts the real AWS stand-ins: DynamoDB Local (the jar inside amplify-dynamodb-simulator),
 * cognito-local, s3rver and aws-ses-v2-local, all on loopback, with state under dataDir.
 */
export async function startEmulators(options: {
  ports: EmulatorPorts;
  dataDir: string;
  inMemory: boolean;
  siteOrigin: string;
}): Promise<Service[]> {
  const { ports, dataDir } = options;
  const logs = join(dataDir, 'logs');
  for (const dir of [logs, join(dataDir, 'dynamodb'), join(dataDir, 'cognito'), join(dataDir, 's3')]) {
    mkdirSync(dir, { recursive: true });
  }

  const emulator = join(packageDir('amplify-dynamodb-simulator'), 'emulator');
  const dynamoStorage = options.inMemory ? ['-inMemory'] : ['-dbPath', join(dataDir, 'dynamodb')];
  const corsFile = join(dataDir, 's3', 'cors.xml');
  writeFileSync(corsFile, corsConfiguration(uploadCors(options.siteOrigin)));

  const services = [
    startProcess(
      'DynamoDB Local',
      'java',
      [
        // An emulator's JVM lives minutes to hours: the quick compiler alone and one garbage
        // collector thread spend less of a small machine's CPU than the server's defaults (about
        // a fifth less of the tests' time on two cores).
        '-XX:TieredStopAtLevel=1',
        '-XX:+UseSerialGC',
        `-Djava.library.path=${join(emulator, 'DynamoDBLocal_lib')}`,
        '-Dorg.eclipse.jetty.util.log.announce=false',
        '-cp',
        join(emulator, 'DynamoDBLocal.jar'),
        'org.eclipse.jetty.xml.XmlConfiguration',
        dynamoOnLoopback(join(dataDir, 'dynamodb-local.xml'), [
          '-sharedDb',
          ...dynamoStorage,
          '-port',
          String(ports.dynamodb),
          '-disableTelemetry',
        ]),
      ],
      { logFile: join(logs, 'dynamodb.log') },
    ),
    // cognito-local through its own start script, which also mails its codes to aws-ses-v2-local.
    startProcess('cognito-local', process.execPath, [fileURLToPath(new URL('./cognito-local.cjs', import.meta.url))], {
      cwd: join(dataDir, 'cognito'),
      // From the sender the user pool names in AWS (infra/stack.ts, userPoolEmail).
      env: { HOST: '127.0.0.1', PORT: String(ports.cognito), COGNITO_MAIL_FROM: sender(SITE_NAME, environment('FROM_EMAIL')) },
      logFile: join(logs, 'cognito.log'),
    }),
    startProcess(
      's3rver',
      process.execPath,
      [
        join(packageDir('s3rver'), 'bin/s3rver.js'),
        '-a',
        '127.0.0.1',
        '-p',
        String(ports.s3),
        '-d',
        join(dataDir, 's3', 'data'),
        '--allow-mismatched-signatures',
        '--no-vhost-buckets',
        '--silent',
        // Both buckets take the browser's uploads from the site's origin, as in AWS.
        '--configure-bucket',
        buckets.images,
        corsFile,
        '--configure-bucket',
        buckets.media,
        corsFile,
      ],
      { logFile: join(logs, 's3.log') },
    ),
    startProcess(
      'aws-ses-v2-local',
      process.execPath,
      [join(packageDir('aws-ses-v2-local'), 'dist/cli.js'), '--host', '127.0.0.1', '--port', String(ports.ses)],
      { logFile: join(logs, 'ses.log') },
    ),
  ];
  const servicePorts = [ports.dynamodb, ports.cognito, ports.s3, ports.ses];
  try {
    await Promise.all(services.map((service, i) => waitForService(service, servicePorts[i])));
  } catch (error) {
    await stopProcesses(services);
    throw error;
  }
  return services;
}

/**
 * DynamoDB Local has no option for its listen address and binds every interface. The Jetty
 * inside its jar can read a configuration file, though, which can build the server as
 * DynamoDB Local's own main does (same arguments) and set its connector's host to 127.0.0.1
 * before starting it: no compiler or extra download needed. It reaches one private field
 * (DynamoDBProxyServer.server) of the pinned jar; if a new jar renames it, DynamoDB Local
 * fails to start with the reason in its log, rather than listening on every interface.
 */
function dynamoOnLoopback(file: string, args: string[]): string {
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  writeFileSync(
    file,
    `<?xml version="1.0"?>
<!DOCTYPE Configure PUBLIC "-//Jetty//Configure//EN" "http://www.eclipse.org/jetty/configure_9_3.dtd">
<Configure class="java.util.ArrayList">
  <Call id="dynamo" class="com.amazonaws.services.dynamodbv2.local.main.ServerRunner" name="createServerFromCommandLineArgs">
    <Arg><Array type="java.lang.String">${args.map((arg) => `<Item>${escape(arg)}</Item>`).join('')}</Array></Arg>
  </Call>
  <Call class="java.lang.Class" name="forName">
    <Arg>com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer</Arg>
    <Call id="serverField" name="getDeclaredField"><Arg>server</Arg></Call>
  </Call>
  <Ref refid="serverField">
    <Call name="setAccessible"><Arg type="boolean">true</Arg></Call>
    <Call id="jetty" name="get"><Arg><Ref refid="dynamo"/></Arg></Call>
  </Ref>
  <Ref refid="jetty"><Call id="connectors" name="getConnectors"/></Ref>
  <Call class="java.lang.reflect.Array" name="get">
    <Arg><Ref refid="connectors"/></Arg>
    <Arg type="int">0</Arg>
    <Call name="setHost"><Arg>127.0.0.1</Arg></Call>
  </Call>
  <Ref refid="dynamo"><Call name="start"/></Ref>
</Configure>
`,
  );
  return file;
}

/** A CORS rule in the S3 API's terms as s3rver reads it: the XML of PutBucketCors. */
function corsConfiguration(rule: ReturnType<typeof uploadCors>): string {
  const elements = (name: string, values: string[]) => values.map((value) => `    <${name}>${value}</${name}>`);
  return [
    '<CORSConfiguration>',
    '  <CORSRule>',
    ...elements('AllowedOrigin', rule.AllowedOrigins),
    ...elements('AllowedMethod', rule.AllowedMethods),
    ...elements('AllowedHeader', rule.AllowedHeaders),
    `    <MaxAgeSeconds>${rule.MaxAgeSeconds}</MaxAgeSeconds>`,
    '  </CORSRule>',
    '</CORSConfiguration>',
    '',
  ].join('\n');
}

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsClientSettings } from './outbound-limits';

// Clients are created once per Lambda container. Endpoints come from the standard
// AWS_ENDPOINT_URL_<SERVICE> variables, which is all the local stack changes.
export const dynamoClient = new DynamoDBClient(awsClientSettings);
export const dynamo = DynamoDBDocumentClient.from(dynamoClient, {
  marshallOptions: { removeUndefinedValues: true },
});

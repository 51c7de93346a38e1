/** Site options (GET /api/base/options), fetched once and shared by every app. */
import { BehaviorSubject } from 'rxjs';
import type { Options } from './contract/schemas';
export declare const options$: BehaviorSubject<{
    site_name: string;
    greeting_config_params: {
        styles: string[];
        audiences: string[];
        topics: {
            topic: string;
            topic_details: string;
            image_url: string | null;
        }[];
    };
    report_topic_config: string[];
} | null>;
/** Loads the options once; later calls share the result. Resolves null on failure (and may retry later). */
export declare function loadOptions(): Promise<Options | null>;
export declare function siteName(): string;
/** For tests and for server-embedded options. */
export declare function setOptions(options: Options | null): void;

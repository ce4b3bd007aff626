/**
 * XMP metadata of a Factur-X PDF/A-3: PDF/A identification, the Factur-X properties and the PDF/A
 * extension schema that declares them (Factur-X 1.0 specification, XMP section).
 */

export const FACTURX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
export const FACTURX_FILE_NAME = 'factur-x.xml';
export const FACTURX_CONFORMANCE_LEVEL = 'EN 16931';

export interface XmpInput {
	title: string;
	author: string;
	producer: string;
	creator: string;
	createdAt: Date;
	modifiedAt: Date;
}

const escape = (text: string) =>
	text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** XMP dates carry the offset; PDF/A wants them equal to the Info dictionary's dates. */
const xmpDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

function extensionSchema(): string {
	const property = (name: string, description: string) => `
						<rdf:li rdf:parseType="Resource">
							<pdfaProperty:name>${name}</pdfaProperty:name>
							<pdfaProperty:valueType>Text</pdfaProperty:valueType>
							<pdfaProperty:category>external</pdfaProperty:category>
							<pdfaProperty:description>${description}</pdfaProperty:description>
						</rdf:li>`;
	return `
		<rdf:Description rdf:about=""
				xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
				xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
				xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
			<pdfaExtension:schemas>
				<rdf:Bag>
					<rdf:li rdf:parseType="Resource">
						<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
						<pdfaSchema:namespaceURI>${FACTURX_NAMESPACE}</pdfaSchema:namespaceURI>
						<pdfaSchema:prefix>fx</pdfaSchema:prefix>
						<pdfaSchema:property>
							<rdf:Seq>${property('DocumentFileName', 'name of the embedded XML invoice file')}${property('DocumentType', 'INVOICE')}${property('Version', 'The actual version of the Factur-X XML schema')}${property('ConformanceLevel', 'The conformance level of the embedded Factur-X data')}
							</rdf:Seq>
						</pdfaSchema:property>
					</rdf:li>
				</rdf:Bag>
			</pdfaExtension:schemas>
		</rdf:Description>`;
}

export function buildFacturxXmp(input: XmpInput): string {
	return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
	<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
		<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdf/a/id/">
			<pdfaid:part>3</pdfaid:part>
			<pdfaid:conformance>B</pdfaid:conformance>
		</rdf:Description>
		<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
			<dc:format>application/pdf</dc:format>
			<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escape(input.title)}</rdf:li></rdf:Alt></dc:title>
			<dc:creator><rdf:Seq><rdf:li>${escape(input.author)}</rdf:li></rdf:Seq></dc:creator>
		</rdf:Description>
		<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
			<pdf:Producer>${escape(input.producer)}</pdf:Producer>
		</rdf:Description>
		<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
			<xmp:CreatorTool>${escape(input.creator)}</xmp:CreatorTool>
			<xmp:CreateDate>${xmpDate(input.createdAt)}</xmp:CreateDate>
			<xmp:ModifyDate>${xmpDate(input.modifiedAt)}</xmp:ModifyDate>
		</rdf:Description>
		<rdf:Description rdf:about="" xmlns:fx="${FACTURX_NAMESPACE}">
			<fx:DocumentType>INVOICE</fx:DocumentType>
			<fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName>
			<fx:Version>1.0</fx:Version>
			<fx:ConformanceLevel>${FACTURX_CONFORMANCE_LEVEL}</fx:ConformanceLevel>
		</rdf:Description>${extensionSchema()}
	</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}
